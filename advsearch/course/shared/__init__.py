"""What every topic of the course wing uses: feedback and its picture, how answers are read and named,
running a student's code and finding where it parts from the reference, the practice base class, and grades.
"""
